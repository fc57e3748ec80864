import { describe, expect, it } from 'vitest';
import { decodeEntities, htmlToText } from './html-to-text.ts';

describe('htmlToText', () => {
  it('strips tags and joins inline elements without spaces', () => {
    expect(htmlToText('<p>Hello <b>wor</b>ld</p>')).toBe('Hello world');
    expect(htmlToText('<span class="x">مر</span>حبا')).toBe('مرحبا');
  });

  it('drops script, style, template and noscript content', () => {
    const html = '<p>a</p><script type="x">var s = "<p>no</p>";</script><style>p{color:red}</style>b';
    expect(htmlToText(html)).toBe('a\nb');
    expect(htmlToText('x<SCRIPT>alert(1)</SCRIPT >y')).toBe('xy');
    expect(htmlToText('x<template><p>t</p></template>y<noscript>n</noscript>')).toBe('xy');
    expect(htmlToText('x<script>never closed')).toBe('x');
  });

  it('turns block elements and <br> into single newlines', () => {
    expect(htmlToText('<h1>Title</h1><p>one</p><p>two<br>three<br/>four</p>')).toBe(
      'Title\none\ntwo\nthree\nfour',
    );
    expect(htmlToText('<ul><li>a</li>\n  <li>b</li></ul>')).toBe('a\nb');
    expect(htmlToText('<div><div><p>deep</p></div></div>')).toBe('deep');
  });

  it('separates table cells with spaces and rows with newlines', () => {
    expect(htmlToText('<table><tr><td>1</td><td>2</td></tr><tr><th>3</th><th>4</th></tr></table>')).toBe(
      '1 2\n3 4',
    );
  });

  it('collapses whitespace and trims', () => {
    expect(htmlToText('  a \t\n  b   ')).toBe('a b');
    expect(htmlToText('<p>  a  </p>  <p>  b  </p>')).toBe('a\nb');
    expect(htmlToText('a&nbsp;&nbsp; b')).toBe('a b');
    expect(htmlToText('')).toBe('');
  });

  it('decodes entities once, in text only', () => {
    expect(htmlToText('Tom &amp; Jerry &lt;3 &quot;hi&quot; &#39;x&#39;')).toBe('Tom & Jerry <3 "hi" \'x\'');
    expect(htmlToText('&amp;lt;b&amp;gt;')).toBe('&lt;b&gt;');
    expect(htmlToText('&#1575;&#x644;&#X644;')).toBe('الل');
    expect(htmlToText('<a title="&amp;">&hellip;</a>')).toBe('…');
  });

  it('keeps a < that does not open a tag', () => {
    expect(htmlToText('a < b and 3<4')).toBe('a < b and 3<4');
    expect(htmlToText('x <> y')).toBe('x <> y');
  });

  it('skips comments, doctypes and processing instructions', () => {
    expect(htmlToText('<!DOCTYPE html>a<!-- <p>hidden</p> -->b<?xml version="1.0"?>c')).toBe('abc');
    expect(htmlToText('a<!-- never closed')).toBe('a');
  });

  it('honours quoted > inside attributes', () => {
    expect(htmlToText('<a title="a>b" href=\'x>y\'>link</a> after')).toBe('link after');
    expect(htmlToText('<img alt = "1 > 2">text')).toBe('text');
  });

  it('handles Arabic, English and Turkish content', () => {
    expect(
      htmlToText('<p dir="rtl">تَبَيَّن&nbsp;الحقيقة</p><p>Fact <em>check</em></p><p>Doğrulama İşi</p>'),
    ).toBe('تَبَيَّن الحقيقة\nFact check\nDoğrulama İşi');
  });
});

describe('decodeEntities', () => {
  it('decodes common named entities', () => {
    expect(decodeEntities('&laquo;&raquo;&mdash;&ndash;&rsquo;&copy;&euro;')).toBe('«»—–’©€');
  });

  it('decodes decimal and hex references, with or without a semicolon', () => {
    expect(decodeEntities('&#65;&#x42;&#67')).toBe('ABC');
    expect(decodeEntities('&#x1F600;')).toBe('😀');
  });

  it('maps invalid code points to U+FFFD', () => {
    expect(decodeEntities('&#0;&#xD800;&#x110000;')).toBe('\uFFFD\uFFFD\uFFFD');
  });

  it('leaves unknown names and bare ampersands alone', () => {
    expect(decodeEntities('&bogus; AT&T & co &amp')).toBe('&bogus; AT&T & co &amp');
  });
});
