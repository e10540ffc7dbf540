/* The peer: json-c merely parsing the same bytes (the JSON library a C tool would use), N times. */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
static int parse_file(const char *path);
int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: jsonc_parse FILE [N] | jsonc_parse --each FILE...\n"); return 2; }
    if (argc > 2 && argv[1][0] == '-' && argv[1][1] == '-') {  /* --each: parse every file once */
        for (int i = 2; i < argc; i++) if (parse_file(argv[i])) return 1;
        return 0;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 2; }
    fseek(f, 0, SEEK_END); long n = ftell(f); fseek(f, 0, SEEK_SET);
    char *buf = malloc(n); if (fread(buf, 1, n, f) != (size_t)n) return 2; fclose(f);
    int reps = argc > 2 ? atoi(argv[2]) : 1;
    for (int r = 0; r < reps; r++) {
        struct json_tokener *tok = json_tokener_new_ex(512);
        struct json_object *o = json_tokener_parse_ex(tok, buf, (int)n);
        if (!o) { fprintf(stderr, "json-c: %s\n", json_tokener_error_desc(json_tokener_get_error(tok))); return 1; }
        json_object_put(o); json_tokener_free(tok);
    }
    free(buf);
    return 0;
}

static int parse_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); return 1; }
    fseek(f, 0, SEEK_END); long n = ftell(f); fseek(f, 0, SEEK_SET);
    char *buf = malloc(n + 1); if (fread(buf, 1, n, f) != (size_t)n) return 1; fclose(f);
    struct json_tokener *tok = json_tokener_new_ex(512);
    struct json_object *o = json_tokener_parse_ex(tok, buf, (int)n);
    if (!o) { fprintf(stderr, "%s: %s\n", path, json_tokener_error_desc(json_tokener_get_error(tok))); return 1; }
    json_object_put(o); json_tokener_free(tok); free(buf);
    return 0;
}
