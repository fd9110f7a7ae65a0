/* Line editing for the REPL through the system's libedit (its native API): a prompt,
   emacs key bindings, history with a file, a line pushed back for "edit", and Tab
   completion answered by a function the host sets.
   A C file (not a header of static inlines) so its state exists exactly once. */
#include "CEditLine.h"
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <histedit.h>


static EditLine *cedit_editor = NULL;
static History *cedit_history = NULL;
static char cedit_prompt_text[64] = "> ";
static cedit_completer_fn cedit_completer = NULL;
static volatile sig_atomic_t cedit_interrupted = 0;

static char *cedit_prompt(EditLine *editor) {
    (void)editor;
    return cedit_prompt_text;
}

/* Tab: asks the host's completer (set with cedit_set_completer) what fits before the cursor:
   it answers the candidates, one a line, and how many bytes before the cursor they replace.
   One candidate is put in with a space after it; several put in their longest common
   prefix, and when that adds nothing (a second Tab) they are listed. */
static unsigned char cedit_complete(EditLine *editor, int key) {
    (void)key;
    if (!cedit_completer) return CC_ERROR;
    const LineInfo *line = el_line(editor);
    size_t before = (size_t)(line->cursor - line->buffer);
    char *prefix = malloc(before + 1);
    if (!prefix) return CC_ERROR;
    memcpy(prefix, line->buffer, before);
    prefix[before] = '\0';
    int replace = 0;
    char *list = cedit_completer(prefix, &replace);
    free(prefix);
    if (!list) return CC_ERROR;
    if (replace < 0 || (size_t)replace > before) replace = 0;
    /* The candidates, split in place. */
    char *words[200];
    int count = 0;
    for (char *word = strtok(list, "\n"); word && count < 200; word = strtok(NULL, "\n")) words[count++] = word;
    if (count == 0) { free(list); return CC_ERROR; }
    size_t common = strlen(words[0]);
    for (int i = 1; i < count; i++) {
        size_t k = 0;
        while (k < common && words[i][k] && tolower((unsigned char)words[i][k]) == tolower((unsigned char)words[0][k])) k++;
        common = k;
    }
    unsigned char result = CC_REDISPLAY;
    if (count == 1 || common > (size_t)replace) {
        char buffer[512];
        size_t length = common < sizeof buffer - 2 ? common : sizeof buffer - 2;
        memcpy(buffer, words[0], length);
        buffer[length] = '\0';
        if (count == 1 && length < sizeof buffer - 1) { buffer[length] = ' '; buffer[length + 1] = '\0'; }
        el_deletestr(editor, replace);
        el_insertstr(editor, buffer);
    } else {
        fputc('\n', stdout);
        int shown = count < 60 ? count : 60;
        for (int i = 0; i < shown; i++) fprintf(stdout, "%s  ", words[i]);
        if (count > shown) fprintf(stdout, "… (%d more)", count - shown);
        fputc('\n', stdout);
    }
    free(list);
    return result;
}

static void cedit_on_interrupt(int signal_number) {
    (void)signal_number;
    cedit_interrupted = 1;
}

/* Opens the editor on the terminal; Ctrl-C interrupts the line being typed (not the program). */
int cedit_open(const char *program) {
    cedit_editor = el_init(program, stdin, stdout, stderr);
    if (!cedit_editor) return 0;
    cedit_history = history_init();
    HistEvent event;
    history(cedit_history, &event, H_SETSIZE, 2000);
    history(cedit_history, &event, H_SETUNIQUE, 1);
    el_set(cedit_editor, EL_PROMPT, cedit_prompt);
    el_set(cedit_editor, EL_EDITOR, "emacs");
    el_set(cedit_editor, EL_HIST, history, cedit_history);
    el_set(cedit_editor, EL_ADDFN, "foodlog-complete", "complete a word", cedit_complete);
    el_set(cedit_editor, EL_BIND, "^I", "foodlog-complete", NULL);
    el_source(cedit_editor, NULL);
    struct sigaction action;
    sigset_t interrupt_only;
    sigemptyset(&interrupt_only);
    sigaddset(&interrupt_only, SIGINT);
    pthread_sigmask(SIG_UNBLOCK, &interrupt_only, NULL);   /* a parent may have blocked it */
    memset(&action, 0, sizeof action);
    action.sa_handler = cedit_on_interrupt;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    return 1;
}

void cedit_close(void) {
    if (cedit_editor) el_end(cedit_editor);
    if (cedit_history) history_end(cedit_history);
    cedit_editor = NULL;
    cedit_history = NULL;
}

/* Reads a line (with its newline) after `prompt`, with `initial` already typed (may be NULL).
   NULL at end of input; then *interrupted tells whether Ctrl-C caused it. */
const char *cedit_gets(const char *prompt, const char *initial, int *interrupted) {
    *interrupted = 0;
    if (!cedit_editor) return NULL;
    strncpy(cedit_prompt_text, prompt, sizeof cedit_prompt_text - 1);
    if (initial) el_push(cedit_editor, initial);
    int count = 0;
    cedit_interrupted = 0;
    const char *line = el_gets(cedit_editor, &count);
    *interrupted = cedit_interrupted;
    if (cedit_interrupted) { el_reset(cedit_editor); cedit_interrupted = 0; return NULL; }
    return count > 0 ? line : NULL;
}

void cedit_history_add(const char *line) {
    HistEvent event;
    history(cedit_history, &event, H_ENTER, line);
}

void cedit_history_load(const char *path) {
    HistEvent event;
    history(cedit_history, &event, H_LOAD, path);
}

void cedit_history_save(const char *path) {
    HistEvent event;
    history(cedit_history, &event, H_SAVE, path);
}

/* Sets the function Tab asks (NULL: Tab does nothing). */
void cedit_set_completer(cedit_completer_fn completer) {
    cedit_completer = completer;
}
