/* color_names.h — colors by name: the 148 of CSS (red, orange, steelblue,
   rebeccapurple...), as a piece's `color:` may give them. */
#ifndef PC_COLOR_NAMES_H
#define PC_COLOR_NAMES_H

#include <stdbool.h>

/* The "#rrggbb" of a CSS color name (any case) into hex; false for
   another name. */
bool pc_color_name(const char *name, char hex[8]);

#endif
