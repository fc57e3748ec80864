import { describe, expect, it } from 'vitest';
import { feedLines, mediaSourceFromForm, mediaSourceToForm } from './media-source-form.ts';

describe('the media-source form and its monitoring fields', () => {
  it('turns the feeds textarea into a list: one address per line, blanks and repeats dropped', () => {
    expect(feedLines(' https://a.example/rss \n\nhttps://b.example/\r\nhttps://a.example/rss\n')).toEqual([
      'https://a.example/rss',
      'https://b.example/',
    ]);
    expect(feedLines(null)).toEqual([]);
  });

  it('round-trips feeds, interval and switch between the record and the form', () => {
    const record = {
      _id: 'abc',
      name: 'Source',
      feeds: ['https://a.example/rss', 'https://b.example/'],
      pollInterval: 45,
      monitoringEnabled: false,
      lastRunAt: '2026-11-25T00:00:00.000Z',
    };
    const form = mediaSourceToForm(record);
    expect(form).toMatchObject({
      feeds: 'https://a.example/rss\nhttps://b.example/',
      pollInterval: 45,
      monitoringEnabled: false,
    });
    const back = mediaSourceFromForm(form, 'abc');
    expect(back).toMatchObject({ feeds: record.feeds, pollInterval: 45, monitoringEnabled: false });
    // Read-only run times never go back to the server.
    expect(back).not.toHaveProperty('lastRunAt');
  });

  it('a new source starts watched every 15 minutes with no feeds', () => {
    const form = mediaSourceToForm();
    expect(form).toMatchObject({ feeds: '', pollInterval: 15, monitoringEnabled: true });
    expect(mediaSourceFromForm({ ...form, name: ' New ' })).toMatchObject({
      name: 'New',
      feeds: [],
      pollInterval: 15,
      monitoringEnabled: true,
    });
  });
});
