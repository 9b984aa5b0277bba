/* commands.h — the subcommands of polycover; each returns an exit status.
   argv[0] is the subcommand's name. */
#ifndef PC_COMMANDS_H
#define PC_COMMANDS_H

int pc_cmd_xc(int argc, char **argv);
int pc_cmd_queens(int argc, char **argv);
int pc_cmd_sudoku(int argc, char **argv);
int pc_cmd_pieces(int argc, char **argv);
int pc_cmd_solve(int argc, char **argv);
int pc_cmd_rows(int argc, char **argv);
int pc_cmd_list(int argc, char **argv);
int pc_cmd_score(int argc, char **argv);
int pc_cmd_render(int argc, char **argv);
int pc_cmd_estimate(int argc, char **argv);
int pc_cmd_merge(int argc, char **argv);
int pc_cmd_challenge(int argc, char **argv);

#endif
