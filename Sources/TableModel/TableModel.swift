// Module TableModel — see README.md for the architecture.
