"""The corpus of scripts/compare-binaries.py: the inputs, the command lines run
by both binaries, and the API queries sent to both servers."""
