/* Service row c-libmicrohttpd-jansson: GNU libmicrohttpd (MHD_USE_INTERNAL_POLLING_THREAD, the
 * tutorial's mode: one internal thread serves every connection) with jansson. The access handler
 * accumulates the POST body the documented way (first call: allocate per-connection state in
 * *con_cls; then append each *upload_data chunk and set *upload_data_size to 0; the last call, with
 * no data, answers), then parses it with json_loadb(body, size, 0, &error) (jansson's compile-time
 * JSON_PARSER_MAX_DEPTH); its NULL answers 400 with error.text. POST /echo writes the value back with
 * json_dumps(value, 0). The state is freed in the MHD_OPTION_NOTIFY_COMPLETED callback. Default
 * configuration otherwise (no thread stack size, no connection memory limit set; no signal
 * handlers). Listens on 127.0.0.1:$PORT. */
#include <arpa/inet.h>
#include <microhttpd.h>
#include <jansson.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#if MHD_VERSION < 0x00097002
typedef int MHD_RESULT;
#else
typedef enum MHD_Result MHD_RESULT;
#endif

struct body {
    char *data;
    size_t size;
};

static MHD_RESULT answer(struct MHD_Connection *connection, unsigned int status, const char *text,
                         const char *type, enum MHD_ResponseMemoryMode mode) {
    struct MHD_Response *response =
        MHD_create_response_from_buffer(strlen(text), (void *)text, mode);
    MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, type);
    MHD_RESULT ret = MHD_queue_response(connection, status, response);
    MHD_destroy_response(response);
    return ret;
}

static MHD_RESULT handler(void *cls, struct MHD_Connection *connection, const char *url,
                          const char *method, const char *version, const char *upload_data,
                          size_t *upload_data_size, void **con_cls) {
    (void)cls;
    (void)version;
    if (strcmp(method, "GET") == 0 && strcmp(url, "/health") == 0)
        return answer(connection, MHD_HTTP_OK, "ok", "text/plain", MHD_RESPMEM_PERSISTENT);
    if (strcmp(method, "POST") != 0)
        return answer(connection, MHD_HTTP_METHOD_NOT_ALLOWED, "POST only", "text/plain",
                      MHD_RESPMEM_PERSISTENT);
    int echo = strcmp(url, "/echo") == 0;
    if (!echo && strcmp(url, "/parse") != 0)
        return answer(connection, MHD_HTTP_NOT_FOUND, "not found", "text/plain",
                      MHD_RESPMEM_PERSISTENT);

    struct body *b = *con_cls;
    if (b == NULL) {
        b = calloc(1, sizeof *b);
        if (b == NULL)
            return MHD_NO;
        *con_cls = b;
        return MHD_YES;
    }
    if (*upload_data_size != 0) {
        char *grown = realloc(b->data, b->size + *upload_data_size + 1);
        if (grown == NULL)
            return MHD_NO;
        b->data = grown;
        memcpy(b->data + b->size, upload_data, *upload_data_size);
        b->size += *upload_data_size;
        b->data[b->size] = '\0';
        *upload_data_size = 0;
        return MHD_YES;
    }

    json_error_t error;
    json_t *value = json_loadb(b->data ? b->data : "", b->size, 0, &error);
    if (value == NULL)
        return answer(connection, MHD_HTTP_BAD_REQUEST, error.text, "text/plain",
                      MHD_RESPMEM_MUST_COPY);
    MHD_RESULT ret;
    if (echo) {
        char *text = json_dumps(value, 0);
        if (text == NULL)
            ret = answer(connection, MHD_HTTP_INTERNAL_SERVER_ERROR, "json_dumps failed",
                         "text/plain", MHD_RESPMEM_PERSISTENT);
        else
            ret = answer(connection, MHD_HTTP_OK, text, "application/json", MHD_RESPMEM_MUST_FREE);
    } else {
        ret = answer(connection, MHD_HTTP_OK, "ok", "text/plain", MHD_RESPMEM_PERSISTENT);
    }
    json_decref(value);
    return ret;
}

static void completed(void *cls, struct MHD_Connection *connection, void **con_cls,
                      enum MHD_RequestTerminationCode toe) {
    (void)cls;
    (void)connection;
    (void)toe;
    struct body *b = *con_cls;
    if (b != NULL) {
        free(b->data);
        free(b);
        *con_cls = NULL;
    }
}

int main(void) {
    const char *port = getenv("PORT");
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((unsigned short)atoi(port ? port : "8080"));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD, 0, NULL, NULL, &handler, NULL,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
        MHD_OPTION_NOTIFY_COMPLETED, &completed, NULL, MHD_OPTION_END);
    if (daemon == NULL)
        return 1;
    for (;;)
        pause();
}
