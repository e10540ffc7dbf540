// json-c, as Debian's libjson-c-dev installs it. <json-c/json.h> compiles even when json-c.pc is not found.
#include <json-c/json.h>
