#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H
// libxml2's headers pull in ICU, whose UErrorCode clashes with Foundation's copy:
// read the version header first and switch ICU off before the rest.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxml/xmlerror.h>
#endif
