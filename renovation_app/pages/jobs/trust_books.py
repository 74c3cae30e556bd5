"""/jobs/<number>/trust-books: the job's trust fund books (Lien Law §75)."""
