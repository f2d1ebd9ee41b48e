"""Allow ``python -m mixmo``."""

from mixmo.cli import main

main()
