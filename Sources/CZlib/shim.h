#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H
#include <zlib.h>

/// deflateInit2 is a macro (it passes the library's version and the stream's size): Swift cannot call it.
static inline int czlib_deflate_init_gzip(z_stream *stream, int level) {
    // windowBits 15 + 16: a gzip wrapper; memLevel 8 and the default strategy, as gzip(1) uses.
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

/// inflateInit2 for the gzip format, for reading back what the server sends (tests).
static inline int czlib_inflate_init_gzip(z_stream *stream) {
    return inflateInit2(stream, 15 + 16);
}
#endif
