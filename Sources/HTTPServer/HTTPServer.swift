// Module HTTPServer — see README.md for the architecture.
