"""`mixmo web`: the browser front, one `mixmo join` process per visitor (`front`)."""
