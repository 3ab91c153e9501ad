// Module TableviewApp — see README.md for the architecture.
