"""Reflex state classes: thin, each calls a service."""
