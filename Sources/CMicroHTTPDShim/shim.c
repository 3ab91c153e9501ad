#define _GNU_SOURCE
#include "CMicroHTTPDShim.h"

#include <errno.h>
#include <linux/filter.h>
#include <sched.h>
#include <stdlib.h>

struct MHD_Daemon *cmhd_start_daemon(const struct cmhd_daemon_options *options) {
    // A zero memory limit means "libmicrohttpd's default", which is 32 KiB.
    size_t memory_limit = options->connection_memory_limit > 0 ? options->connection_memory_limit : 32 * 1024;
    unsigned int flags = options->flags;
    // The TLS options, or none: an array so that one call serves both cases.
    struct MHD_OptionItem tls[] = {
        {MHD_OPTION_END, 0, NULL}, {MHD_OPTION_END, 0, NULL}, {MHD_OPTION_END, 0, NULL}, {MHD_OPTION_END, 0, NULL},
    };
    if (NULL != options->https_key_pem && NULL != options->https_cert_pem) {
        flags |= MHD_USE_TLS;
        tls[0] = (struct MHD_OptionItem){MHD_OPTION_HTTPS_MEM_KEY, 0, (void *)options->https_key_pem};
        tls[1] = (struct MHD_OptionItem){MHD_OPTION_HTTPS_MEM_CERT, 0, (void *)options->https_cert_pem};
        if (NULL != options->https_priorities) {
            tls[2] = (struct MHD_OptionItem){MHD_OPTION_HTTPS_PRIORITIES, 0, (void *)options->https_priorities};
        }
    }
    return MHD_start_daemon(
        flags, 0, options->accept_policy, options->accept_policy_cls,
        options->access_handler, options->access_handler_cls,
        MHD_OPTION_LISTEN_SOCKET, (MHD_socket)options->listen_socket,
        MHD_OPTION_THREAD_POOL_SIZE, options->thread_pool_size,
        MHD_OPTION_CONNECTION_LIMIT, options->connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, options->connection_timeout,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
        MHD_OPTION_NOTIFY_COMPLETED, options->request_completed, options->request_completed_cls,
        MHD_OPTION_URI_LOG_CALLBACK, options->uri_log, options->uri_log_cls,
        MHD_OPTION_UNESCAPE_CALLBACK, options->unescape, options->unescape_cls,
        MHD_OPTION_NOTIFY_CONNECTION, options->notify_connection, options->notify_connection_cls,
        MHD_OPTION_ARRAY, tls,
        MHD_OPTION_END
    );
}

int cmhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return NULL != info ? (int)info->connect_fd : -1;
}

void *cmhd_connection_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return NULL != info ? info->socket_context : NULL;
}

size_t cmhd_request_header_size(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    return NULL != info ? info->header_size : 0;
}

int cmhd_steer_connections(int fd, unsigned sockets, int by_cpu) {
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    if (by_cpu && 0 != sched_getaffinity(0, sizeof allowed, &allowed)) return -1;
    // More sockets than CPUs: some would never be chosen.
    if (by_cpu && (unsigned)CPU_COUNT(&allowed) < sockets) {
        errno = EINVAL;
        return -1;
    }
    // Load the CPU; for each allowed CPU, in order, "if A is that CPU, return its socket"; then return an index
    // past the group's end, which makes the kernel choose by its hash.
    struct sock_filter *code = calloc(2 + 2 * CPU_SETSIZE, sizeof *code);
    if (NULL == code) return -1;
    unsigned length = 0, index = 0;
    code[length++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, SKF_AD_OFF + SKF_AD_CPU);
    for (unsigned cpu = 0; by_cpu && cpu < CPU_SETSIZE; cpu++) {
        if (!CPU_ISSET(cpu, &allowed)) continue;
        code[length++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, cpu, 0, 1);
        code[length++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, index++ % sockets);
    }
    code[length++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, sockets);
    struct sock_fprog program = {(unsigned short)length, code};
    int status = setsockopt(fd, SOL_SOCKET, SO_ATTACH_REUSEPORT_CBPF, &program, sizeof program);
    int saved = errno;
    free(code);
    errno = saved;
    return status;
}
