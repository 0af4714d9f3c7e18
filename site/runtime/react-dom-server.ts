/**
 * `react-dom/server` on the site (astro.config.mjs): preact/compat's server render, drawing each island
 * inside its id prefix (react.ts) as React's `identifierPrefix` option does, so the ids the server writes
 * are the ones hydration (react-dom-client.ts) makes.
 */
import { createElement, type VNode } from 'preact';
import compatServer from 'preact/compat/server';
import { IslandIdPrefix } from './react.ts';

export interface ServerRenderOptions {
  identifierPrefix?: string | null;
  [option: string]: unknown;
}

const withPrefix = (vnode: VNode, options?: ServerRenderOptions) =>
  createElement(IslandIdPrefix.Provider, { value: options?.identifierPrefix ?? '' }, vnode);

export const renderToString = (vnode: VNode, options?: ServerRenderOptions): string => compatServer.renderToString(withPrefix(vnode, options));
export const renderToStaticMarkup = renderToString;
export const renderToReadableStream = (vnode: VNode, options?: ServerRenderOptions) => compatServer.renderToReadableStream(withPrefix(vnode, options));

export default { renderToString, renderToStaticMarkup, renderToReadableStream };
