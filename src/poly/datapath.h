/* datapath.h — where the piece sets and boards that files and command lines
   name are found: one search path, for loading puzzles and for `list`. */
#ifndef PC_DATAPATH_H
#define PC_DATAPATH_H

#include <stdbool.h>
#include <stddef.h>

typedef enum pc_data_kind { PC_DATA_PIECES, PC_DATA_BOARDS } pc_data_kind;

/* The i-th data folder (from 0), each holding pieces/ and boards/, in
   search order: the folders of POLYCOVER_PATH (colon-separated), the
   current folder, then those found from the program at run time
   (BINDIR/../share/polycover when installed, BINDIR and BINDIR/.. in a
   build tree), then PC_DATADIR. False past the last; an empty name for a
   folder that could not be found (skip it). */
bool pc_datapath_folder(int i, char *out, size_t size);

/* Finds the file a name stands for, ".yaml" optional. A path (with a
   '/') is taken from `from` (a set: the board's folder; a board: NULL, the
   current folder), an absolute one as given. A board is first taken as a
   path too. Then a bare name is looked up: in each POLYCOVER_PATH folder D
   as D/pieces/NAME.yaml (D/boards/ for a board), then D/NAME.yaml; a set
   in `from`/../pieces/ and `from`; then in the other data folders'
   pieces/ or boards/; a bare name passes over folders. On failure
   `looked` lists every path tried. */
bool pc_datapath_find(pc_data_kind kind, const char *name, const char *from, char *out,
                      size_t size, char *looked, size_t looked_size);

#endif
