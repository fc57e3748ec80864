import { describe, expect, it } from 'vitest';
import { runWidgetConformance } from '../../conformance/run-conformance.tsx';
import { ColorWidget } from './color-widget.tsx';

runWidgetConformance('color', { sampleValue: '#112233', otherValue: '#ff0000' });

describe('color widget', () => {
  it('is registered as a function component', () => {
    expect(typeof ColorWidget).toBe('function');
  });
});
