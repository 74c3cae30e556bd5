"""The staff subcontractor screens: the list and one subcontractor."""
