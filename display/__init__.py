"""Display: the pygame touchscreen UI."""
