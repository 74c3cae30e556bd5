"""Business rules in plain Python (no Reflex imports), tested without a browser."""
