// The one C header redo-conform sees: libsodium, provided by Debian's libsodium-dev.
// Keeping it behind its own module means the rest of the code imports `CSodium`
// and never depends on where the system put the headers.
#ifndef REDO_CSODIUM_SHIM_H
#define REDO_CSODIUM_SHIM_H
#include <sodium.h>
#endif
