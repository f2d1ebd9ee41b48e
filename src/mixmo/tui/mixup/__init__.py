"""``mixmo mixup``: MixUp in the terminal, hot-seat or against the computer."""
