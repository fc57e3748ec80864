// Complex widgets load on first use: a sign-in form should not download the calendar, the phone
// number metadata, the country list or the upload machinery (issue 11: the login page's JavaScript).
// Once loaded (or preloaded), a widget renders synchronously; before that it suspends, and the field
// renderer shows a placeholder of the field's height.
import { use } from 'react';
import type { Widget, WidgetProps } from '../types.ts';

// biome-ignore lint/suspicious/noExplicitAny: each widget has its own value type; the registry erases it.
type AnyWidget = Widget<any>;

export interface LazyWidget extends AnyWidget {
  preload(): Promise<AnyWidget>;
}

export function lazyWidget(load: () => Promise<{ default: AnyWidget }>): LazyWidget {
  let loaded: AnyWidget | undefined;
  let pending: Promise<AnyWidget> | undefined;
  const preload = () => {
    pending ??= load().then((module) => {
      loaded = module.default;
      return loaded;
    });
    return pending;
  };
  // biome-ignore lint/suspicious/noExplicitAny: see AnyWidget.
  function LazyLoadedWidget(props: WidgetProps<any>) {
    const Loaded = loaded ?? use(preload());
    return <Loaded {...props} />;
  }
  return Object.assign(LazyLoadedWidget, { preload });
}
