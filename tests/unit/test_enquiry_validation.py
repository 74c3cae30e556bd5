"""The one validation function behind the contact page and POST /api/contact."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from renovation_app.services.enquiries import validate_enquiry
from renovation_app.services.errors import FormInvalid

VALID = {
    "name": "Maria Lopez",
    "email": "maria@example.com",
    "phone": "(718) 555-0142",
    "service": "kitchen-remodeling",
    "message": "We would like a new kitchen in our Park Slope apartment.",
}


def errors_for(**changes) -> dict[str, str]:
    with pytest.raises(FormInvalid) as invalid:
        validate_enquiry({**VALID, **changes})
    return invalid.value.errors


def test_a_valid_enquiry_is_trimmed_and_normalised():
    form = validate_enquiry({**VALID, "name": "  Maria Lopez ", "phone": "718-555-0142"})
    assert form.name == "Maria Lopez"
    assert form.phone == "(718) 555-0142"
    assert form.email == "maria@example.com"


def test_phone_is_optional():
    assert validate_enquiry({**VALID, "phone": ""}).phone == ""


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("name", "", "enter your name"),
        ("name", "x" * 101, "100 characters"),
        ("email", "", "valid e-mail"),
        ("email", "maria@", "valid e-mail"),
        ("email", "not an email", "valid e-mail"),
        ("phone", "12345", "valid US phone"),
        ("phone", "+44 20 7946 0958", "valid US phone"),
        ("service", "", "choose a service"),
        ("service", "plumbing", "choose a service"),
        ("message", "   ", "short message"),
        ("message", "x" * 5001, "5,000 characters"),
        ("name", "a\x00b", "cannot accept"),
        ("message", 42, "must be text"),
    ],
)
def test_each_bad_field_gets_its_own_plain_message(field, value, words):
    errors = errors_for(**{field: value})
    assert list(errors) == [field]
    assert words in errors[field]


def test_every_service_of_the_spec_and_other_is_accepted():
    for slug in (
        "kitchen-remodeling",
        "bathroom-remodeling",
        "furniture-renovation",
        "pavers-walkways",
        "screen-enclosure",
        "floor-tile",
        "other",
    ):
        assert validate_enquiry({**VALID, "service": slug}).service == slug


def test_limits_are_inclusive():
    form = validate_enquiry({**VALID, "name": "n" * 100, "message": "m" * 5000})
    assert len(form.name) == 100 and len(form.message) == 5000


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(list(VALID) + ["website", "extra"]),
        st.one_of(st.text(), st.integers(), st.none(), st.lists(st.text())),
    )
)
def test_arbitrary_input_is_either_accepted_or_refused_with_field_messages(raw):
    try:
        form = validate_enquiry(raw)
    except FormInvalid as invalid:
        assert invalid.errors
        assert all(isinstance(m, str) and m for m in invalid.errors.values())
    else:
        assert form.name and form.message and form.service
