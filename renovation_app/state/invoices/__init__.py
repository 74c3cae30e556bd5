"""The staff invoice screens' states: the form, the list and one invoice."""
