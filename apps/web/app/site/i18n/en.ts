import type { Messages } from './messages.ts';

export const en: Messages = {
  siteName: 'Tabayyun',
  tagline: 'An Arabic-first fact-checking platform',
  homeEmpty: 'Nothing has been published yet.',
  notFoundTitle: 'Page Not Found',
  notFoundBody:
    'We could not find the page you asked for. It may have moved or been removed, or the link is wrong.',
  backHome: 'Back to the home page',
  errorTitle: 'Something went wrong',
  errorBody: 'This page could not be shown. Please try again in a moment.',
};
