import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Paginator, pageHref, pageWindow } from './paginator.tsx';

function renderAt(url: string, page: number, pageCount: number) {
  const router = createMemoryRouter(
    [{ path: '*', element: <Paginator page={page} pageCount={pageCount} /> }],
    {
      initialEntries: [url],
    },
  );
  return render(<RouterProvider router={router} />);
}

describe('pageWindow', () => {
  it('lists every page up to 5, else about 3 each side of the current one', () => {
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(10, 20)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(pageWindow(20, 20)).toEqual([14, 15, 16, 17, 18, 19, 20]);
  });
});

describe('pageHref', () => {
  it('keeps the other query parameters and drops page=1', () => {
    expect(pageHref('/search', '?keyword=x&page=3', 4)).toBe('/search?keyword=x&page=4');
    expect(pageHref('/search', '?keyword=x&page=3', 1)).toBe('/search?keyword=x');
  });
});

describe('Paginator', () => {
  it('renders nothing for a single page', () => {
    const { container } = renderAt('/en/category/fraud', 1, 1);
    expect(container.querySelector('nav')).toBeNull();
  });

  it('links previous and next pages, marks the current one and keeps other parameters', () => {
    renderAt('/en/category/fraud?utm=mail&page=3', 3, 9);
    expect(screen.getByText('Previous').getAttribute('href')).toBe('/en/category/fraud?utm=mail&page=2');
    expect(screen.getByText('Next').getAttribute('href')).toBe('/en/category/fraud?utm=mail&page=4');
    expect(screen.getByText('3').getAttribute('aria-current')).toBe('page');
    expect(screen.getAllByRole('listitem')).toHaveLength(7);
  });

  it('has no previous link on the first page and no next link on the last', () => {
    renderAt('/category/fraud', 1, 2);
    expect(screen.queryByText('السابق')).toBeNull();
    expect(screen.getByText('التالي')).toBeTruthy();
  });
});
