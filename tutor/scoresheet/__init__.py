"""The score sheet of a real game: deals entered row by row, every mark from the engine."""
