#ifndef FOODLOG_CEDITLINE_H
#define FOODLOG_CEDITLINE_H
/// Opens the line editor on the terminal (stdin/stdout); 0 when libedit cannot start.
/// Ctrl-C then interrupts the line being typed, not the program.
int cedit_open(const char *program);
/// Closes the editor.
void cedit_close(void);
/// Reads a line (with its newline) after `prompt`, with `initial` already typed (may be NULL).
/// NULL at end of input; then *interrupted tells whether Ctrl-C caused it.
const char *cedit_gets(const char *prompt, const char *initial, int *interrupted);
/// Adds a line to the history.
void cedit_history_add(const char *line);
/// Loads and saves the history file.
void cedit_history_load(const char *path);
void cedit_history_save(const char *path);
/// What Tab asks: given the line up to the cursor, the candidates (one a line, in memory from
/// malloc, freed by the caller; NULL for none) and in *replace how many bytes before the
/// cursor they replace.
typedef char *(*cedit_completer_fn)(const char *line_before_cursor, int *replace);
/// Sets the function Tab asks (NULL: Tab does nothing).
void cedit_set_completer(cedit_completer_fn completer);
#endif
