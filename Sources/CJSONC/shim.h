// json-c. <json-c/json.h> as Debian's libjson-c-dev installs it (it compiles even when json-c.pc is not found);
// else <json.h> from the folder json-c.pc names (-I…/include/json-c): Homebrew's json-c on Apple silicon, whose
// prefix /opt/homebrew/include is not on the compiler's default search path.
#if __has_include(<json-c/json.h>)
#include <json-c/json.h>
#else
#include <json.h>
#endif
