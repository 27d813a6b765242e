//! Source locations and diagnostics: what the info log is made of.
//!
//! Every message carries the location of the token it is about, printed the
//! way Mesa prints it — `SOURCE:LINE(COLUMN): error: message` — so logs read
//! like Mesa's and piglit's expectations about them transfer. `SOURCE` is the
//! source-string number (0 unless `#line L S` changed it), `LINE` is the line
//! as `#line` left it, `COLUMN` is 1-based. Preprocessor messages say
//! `preprocessor error:` as Mesa's glcpp does.

use std::fmt;

/// A position in the shader source as the info log reports it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Loc {
    /// Source-string number (`#line L S` sets it; 0 by default).
    pub source: u32,
    /// Line number as the shader sees it (`#line` adjusts it), 1-based.
    pub line: u32,
    /// Column of the first character, 1-based.
    pub col: u32,
}

impl Loc {
    /// A location at `line`, `col` of source string 0.
    pub const fn new(line: u32, col: u32) -> Loc {
        Loc {
            source: 0,
            line,
            col,
        }
    }
}

impl fmt::Display for Loc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}({})", self.source, self.line, self.col)
    }
}

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// The shader does not compile.
    Error,
    /// The shader compiles; the log says something is dubious.
    Warning,
}

/// Which stage of the front end produced a diagnostic (only changes the
/// wording of the log line, as in Mesa).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The preprocessor (`preprocessor error:` in the log).
    Preprocessor,
    /// Lexer, parser and the semantic checks.
    Compiler,
}

/// One line of the info log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Where.
    pub loc: Loc,
    /// Error or warning.
    pub severity: Severity,
    /// Preprocessor or compiler.
    pub phase: Phase,
    /// The message, without location or trailing newline.
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pp = match self.phase {
            Phase::Preprocessor => "preprocessor ",
            Phase::Compiler => "",
        };
        let sev = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(f, "{}: {pp}{sev}: {}", self.loc, self.message)
    }
}

/// The diagnostics of one compilation, in the order they were found.
#[derive(Clone, Debug, Default)]
pub struct InfoLog {
    /// All messages.
    pub diagnostics: Vec<Diagnostic>,
}

/// Upper bound on messages kept: a garbage input must not grow the log without
/// bound (each error past this is counted, not stored).
const MAX_DIAGNOSTICS: usize = 100;

impl InfoLog {
    /// Records an error.
    pub fn error(&mut self, phase: Phase, loc: Loc, message: impl Into<String>) {
        self.push(phase, Severity::Error, loc, message.into());
    }

    /// Records a warning.
    pub fn warning(&mut self, phase: Phase, loc: Loc, message: impl Into<String>) {
        self.push(phase, Severity::Warning, loc, message.into());
    }

    fn push(&mut self, phase: Phase, severity: Severity, loc: Loc, message: String) {
        if self.diagnostics.len() < MAX_DIAGNOSTICS {
            self.diagnostics.push(Diagnostic {
                loc,
                severity,
                phase,
                message,
            });
        } else if severity == Severity::Error
            && !self
                .diagnostics
                .iter()
                .any(|d| d.severity == Severity::Error)
        {
            // Never drop the only error: it decides success.
            if let Some(last) = self.diagnostics.last_mut() {
                *last = Diagnostic {
                    loc,
                    severity,
                    phase,
                    message,
                };
            }
        }
    }

    /// Whether any error was recorded.
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }

    /// Number of errors recorded.
    pub fn error_count(&self) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count()
    }
}

impl fmt::Display for InfoLog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in &self.diagnostics {
            writeln!(f, "{d}")?;
        }
        Ok(())
    }
}
