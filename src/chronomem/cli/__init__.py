"""The ``chronomem`` command line."""
