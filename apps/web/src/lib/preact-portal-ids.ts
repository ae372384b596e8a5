import { options } from 'preact';

/**
 * Preact 10 (what the app runs on, decision 020) numbers useId per tree. A portal (every dialog)
 * joins its page's numbering when it first renders, but loses it when it renders again: the new
 * tree's root does not inherit the numbering, so ids made from then on (a dialog's headings once
 * its data has loaded, a dialog opened from a dialog) repeat the page's, and aria-labelledby then
 * names the wrong heading. This carries the numbering over, through Preact's internal hook for a
 * new tree (`options.__`, `_root` before minification; `__k` is `_children`, `__m` is useId's
 * `_mask`): the version is pinned in package.json, and the e2e stories on dialogs check it.
 */
type InternalVNode = { __m?: [number, number]; __k?: (InternalVNode | null)[] | null };
type RootHook = (vnode: InternalVNode | null, parentDom: { __k?: InternalVNode | null }) => void;

export function keepUseIdNumberingInPortals(): void {
  const internals = options as unknown as { __?: RootHook };
  const previous = internals.__;
  internals.__ = (vnode, parentDom) => {
    const previousTree = parentDom.__k;
    const numbering = previousTree?.__m ?? previousTree?.__k?.[0]?.__m;
    if (vnode && numbering && !vnode.__m) vnode.__m = numbering;
    previous?.(vnode, parentDom);
  };
}
