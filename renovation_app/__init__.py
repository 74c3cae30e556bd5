"""A renovation contractor's website and staff invoice tool, built with Reflex."""
