// Module TableRendering — see README.md for the architecture.
