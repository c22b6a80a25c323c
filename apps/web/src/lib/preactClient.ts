import { options, type Ref, type RefCallback, type VNode } from 'preact';

/**
 * What the web build loads for 'react-dom/client' (vite.config.ts aliases it here; decision 0024):
 * Preact's createRoot, plus the one React DOM behaviour our pages rely on that Preact leaves out.
 *
 * autoFocus: React focuses a newly mounted button, input, select or textarea that has `autoFocus`
 * (in the commit, once the element is in the document) and never writes the attribute. Preact
 * writes the `autofocus` attribute, which a browser honours only once per page load — so a
 * dialog's first field would stay unfocused. Here the prop becomes a ref that focuses the element
 * when it is attached, once per element, as React does.
 */
export { createRoot, hydrateRoot } from 'preact/compat/client';

const FOCUSABLE_ON_MOUNT = new Set(['button', 'input', 'select', 'textarea']);
const focusedOnce = new WeakSet<Element>();

function focusOnMount(element: Element | null): void {
  if (element instanceof HTMLElement && !focusedOnce.has(element)) {
    focusedOnce.add(element);
    element.focus();
  }
}

/** One wrapper per ref, so an unchanged ref stays the same function and Preact does not re-attach it. */
const wrappers = new WeakMap<object, RefCallback<Element>>();

function withFocusOnMount(ref: Ref<Element>): RefCallback<Element> {
  if (ref === null) return focusOnMount;
  let wrapper = wrappers.get(ref);
  if (!wrapper) {
    wrapper = (element) => {
      focusOnMount(element);
      if (typeof ref === 'function') return ref(element);
      ref.current = element;
      return undefined;
    };
    wrappers.set(ref, wrapper);
  }
  return wrapper;
}

const previousVNodeHook = options.vnode;
options.vnode = (vnode: VNode) => {
  if (typeof vnode.type === 'string') {
    const props = vnode.props as { autoFocus?: unknown };
    if ('autoFocus' in props) {
      const focus = Boolean(props.autoFocus) && FOCUSABLE_ON_MOUNT.has(vnode.type);
      delete props.autoFocus;
      if (focus) vnode.ref = withFocusOnMount((vnode.ref ?? null) as Ref<Element>);
    }
  }
  previousVNodeHook?.(vnode);
};
