// Module Mustache — see README.md for the architecture.
