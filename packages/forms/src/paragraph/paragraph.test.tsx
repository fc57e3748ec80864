import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { Paragraph, renderParagraphHtml } from './paragraph.tsx';

describe('Paragraph', () => {
  it('renders plain text as text, never as markup', () => {
    const { container } = renderWithProviders(<Paragraph text="<b>not bold</b>" />);
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<b>not bold</b>');
  });

  it('renders markdown through marked', () => {
    const { container } = renderWithProviders(
      <Paragraph kind="markdown" text={'# Title\n\nSome **bold** text'} />,
    );
    expect(container.querySelector('h1')?.textContent).toBe('Title');
    expect(container.querySelector('strong')?.textContent).toBe('bold');
  });

  it('sanitises html and markdown output', () => {
    const html = renderParagraphHtml('html', '<p onclick="x()">Hi<script>alert(1)</script></p>');
    expect(html).not.toContain('script');
    expect(html).not.toContain('onclick');
    expect(html).toContain('Hi');
    const markdown = renderParagraphHtml('markdown', '[x](javascript:alert(1)) <img src=x onerror=alert(1)>');
    expect(markdown).not.toContain('javascript:');
    expect(markdown).not.toContain('onerror');
  });

  it('keeps the direction it is given', () => {
    const { container } = renderWithProviders(<Paragraph kind="html" dir="rtl" text="<p>مرحبا</p>" />);
    expect(container.querySelector('[dir="rtl"]')?.textContent).toBe('مرحبا');
  });
});
