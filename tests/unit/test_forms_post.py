"""Every form of every page posts, so one the browser submits itself (before the page's scripts
run) never puts what was typed into the address: components/forms.py makes them all. The
staff lists' search forms are the one exception, by design, and only on staff pages."""

import pytest

from renovation_app import pages  # noqa: F401  (importing declares every page)
from renovation_app.components.forms import address_form, post_form
from renovation_app.pages.registry import PAGES
from renovation_app.routes import CONTACT, STAFF_ROUTES


def forms_in(rendered) -> list[dict[str, str]]:
    """The props of every <form> in a rendered component tree (inside conds and foreach too)."""
    found = []
    if isinstance(rendered, dict):
        name = str(rendered.get("name", "")).strip('"')
        if name == "form" or name.endswith("FormRoot"):  # rx.el.form, rx.form (Radix)
            found.append(
                dict(
                    prop.split(":", 1)
                    for prop in rendered.get("props", [])
                    if isinstance(prop, str) and ":" in prop
                )
            )
        for value in rendered.values():
            found += forms_in(value)
    elif isinstance(rendered, list | tuple):
        for value in rendered:
            found += forms_in(value)
    return found


def page_forms() -> dict[str, list[dict[str, str]]]:
    return {page.route.path: forms_in(page.body().render()) for page in PAGES}


def test_every_form_of_every_page_posts():
    forms = page_forms()
    staff_paths = {route.path for route in STAFF_ROUTES}
    for path, found in forms.items():
        for props in found:
            if props.get("method") == '"get"':  # a staff list's search: filters in the URL
                assert path in staff_paths, f"{path}: a public page's form must post"
                assert props["action"].strip('"') == path, f"{path}: searches its own list"
            else:
                assert props.get("method") == '"post"', f"{path}: a form without method=post"
    # The walk does find the forms that matter (so the test cannot pass by finding none).
    assert {'"login-form"', '"contact-form"', '"forgot-form"', '"reset-form"'} <= {
        props.get("id") for found in forms.values() for props in found
    }
    assert sum(len(found) for found in forms.values()) >= 30


def test_the_form_helpers_refuse_a_method_or_a_public_page():
    with pytest.raises(TypeError):
        post_form(method="get")
    with pytest.raises(TypeError):
        post_form(action="/elsewhere")
    with pytest.raises(ValueError):
        address_form(page=CONTACT, on_submit=None)
