"""Hand-wrapped npm React components."""
