"""What mixmo keeps on disk: saved games and data folders (`storage`), personal records (`records`)."""
