#ifndef CMICROHTTPD_SHIM_WRAPPERS_H
#define CMICROHTTPD_SHIM_WRAPPERS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// Called once per request with the raw request-target, before libmicrohttpd parses it; the returned pointer
/// becomes the request's `*req_cls`.
typedef void *(*cmhd_uri_log_callback)(void *cls, const char *uri, struct MHD_Connection *connection);

/// Rewrites an escaped string in place and returns its new length (libmicrohttpd's unescape hook).
typedef size_t (*cmhd_unescape_callback)(void *cls, struct MHD_Connection *connection, char *string);

/// Everything `MHD_start_daemon` needs, as one struct, because Swift cannot call the variadic original.
struct cmhd_daemon_options {
    unsigned int flags;
    /// A bound, listening socket that the daemon takes over (`MHD_OPTION_LISTEN_SOCKET`).
    int listen_socket;
    /// Worker threads; 0 or 1 means the single internal polling thread.
    unsigned int thread_pool_size;
    unsigned int connection_limit;
    /// Idle timeout in seconds; 0 disables it.
    unsigned int connection_timeout;
    /// Memory per connection for headers and buffers; 0 keeps libmicrohttpd's default.
    size_t connection_memory_limit;
    /// Asked about each accepted connection before anything else; refusing closes it at once. May be NULL.
    MHD_AcceptPolicyCallback accept_policy;
    void *accept_policy_cls;
    MHD_AccessHandlerCallback access_handler;
    void *access_handler_cls;
    MHD_RequestCompletedCallback request_completed;
    void *request_completed_cls;
    cmhd_uri_log_callback uri_log;
    void *uri_log_cls;
    cmhd_unescape_callback unescape;
    void *unescape_cls;
    /// Called when a connection opens and when it closes (`MHD_OPTION_NOTIFY_CONNECTION`); may be NULL.
    MHD_NotifyConnectionCallback notify_connection;
    void *notify_connection_cls;
    /// With both set (NUL-terminated PEM), the daemon serves HTTPS through GnuTLS (`MHD_USE_TLS`); NULL: HTTP.
    const char *https_key_pem;
    const char *https_cert_pem;
    /// The GnuTLS priority string of HTTPS connections (`MHD_OPTION_HTTPS_PRIORITIES`, read at start); NULL keeps
    /// libmicrohttpd's default.
    const char *https_priorities;
};

/// Starts a daemon with the given options; NULL when libmicrohttpd refuses.
struct MHD_Daemon *cmhd_start_daemon(const struct cmhd_daemon_options *options);

/// The connection's socket (`MHD_CONNECTION_INFO_CONNECTION_FD`), or -1.
int cmhd_connection_fd(struct MHD_Connection *connection);

/// The pointer the connection-notification callback stored for the connection
/// (`MHD_CONNECTION_INFO_SOCKET_CONTEXT`), or NULL.
void *cmhd_connection_socket_context(struct MHD_Connection *connection);

/// The size of the request's head as received (`MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE`), or 0.
size_t cmhd_request_header_size(struct MHD_Connection *connection);

/// Chooses the listening socket of each new connection of the `SO_REUSEPORT` group `fd` belongs to (`sockets`
/// sockets, in the order they were bound): with `by_cpu`, the socket of the CPU the connection arrived on — the
/// process's allowed CPUs in order, the k-th to socket k modulo `sockets` — and for any other CPU, or every
/// connection without `by_cpu`, the kernel's hash of its addresses. 0, or -1 with `errno` set (`EINVAL` with `by_cpu`
/// when the process may run on fewer CPUs than there are sockets).
int cmhd_steer_connections(int fd, unsigned sockets, int by_cpu);

#endif
