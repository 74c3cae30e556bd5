"""Reflex's toast provider (sonner), loaded after the page has hydrated instead of with it.

Every page needs the toaster (the contact form, sign-in and the staff tools answer with toasts;
Reflex shows a lost connection as one), but no page needs it to draw or to hydrate: sonner is
about 12 KB of compressed JavaScript that held back the first answered event on every page.
Here it is imported when the app has mounted. A toast asked for before that (only possible in
the first fraction of a second) waits in a queue and is shown once sonner is there.
`rx.toast.*` events keep working unchanged: they call `refs['__toast']`, as with Reflex's own
provider.
"""

import reflex as rx

SONNER = "sonner@2.0.8"  # the version Reflex's own provider pins

LAZY_TOASTER_JS = """
const renovationQueuedToasts = [];
function renovationQueueToast(level) {
  return (...args) => { renovationQueuedToasts.push([level, args]); };
}
if (typeof window !== "undefined" && !refs['__toast']) {
  refs['__toast'] = Object.assign(
    renovationQueueToast(null),
    Object.fromEntries(
      ["success", "error", "info", "warning", "loading", "message", "dismiss"].map(
        (level) => [level, renovationQueueToast(level)],
      ),
    ),
  );
}

function RenovationToaster(props) {
  const [sonner, setSonner] = React.useState(null);
  React.useEffect(() => {
    import("sonner").then((module) => setSonner(module));
  }, []);
  React.useEffect(() => {
    if (!sonner) return;
    // The Toaster below has mounted and listens: hand over, then show what waited.
    refs['__toast'] = sonner.toast;
    for (const [level, args] of renovationQueuedToasts.splice(0)) {
      (level ? sonner.toast[level] : sonner.toast)(...args);
    }
  }, [sonner]);
  return sonner ? <sonner.Toaster {...props} /> : null;
}
"""


class LazyToaster(rx.Component):
    tag = "RenovationToaster"
    lib_dependencies: list[str] = [SONNER]

    position: rx.Var[str]
    close_button: rx.Var[bool]
    rich_colors: rx.Var[bool]
    expand: rx.Var[bool]
    theme: rx.Var[str]

    def add_imports(self) -> dict:
        return {
            "$/utils/state": [rx.ImportVar(tag="refs")],
            "react": [rx.ImportVar(tag="React", is_default=True)],
        }

    def add_custom_code(self) -> list[str]:
        return [LAZY_TOASTER_JS]


def lazy_toaster() -> rx.Component:
    """The site's toasts: top right, with a close button, in sonner's rich colours."""
    return LazyToaster.create(
        position="top-right", close_button=True, rich_colors=True, expand=True, theme="light"
    )
