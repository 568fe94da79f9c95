/** A refusal to show the person who asked (never a crash, never a stack trace). */
export class TableError extends Error {}
