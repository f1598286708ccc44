//! `fortunes ask`: "how often does X happen" over a run's records. An
//! expression over the record columns (comparisons, `and`/`or`/`not`,
//! parentheses, arithmetic, string and boolean literals) is parsed by hand,
//! type-checked once against the columns, and evaluated row by row over the
//! columns it names, read eagerly from records.parquet. Polars' lazy and
//! SQL features would do the same at three times the build.

use crate::error::{Error, ErrorKind, Result};
use crate::stats::{t_quantile, Rate, CONFIDENCE};
use polars::prelude::*;
use std::collections::BTreeMap;
use std::path::Path;

/// A column's values, as the evaluator reads them.
enum Values {
    Num(Vec<f64>),
    Bool(Vec<bool>),
    /// Codes into the dictionary.
    Text(Vec<u32>, Vec<String>),
}

/// The columns of a records file: names and types from a first row, and
/// the values of just the columns a question names, read when it is asked.
pub struct Records {
    path: std::path::PathBuf,
    frame: DataFrame,
    names: Vec<String>,
    types: Vec<Type>,
    rows: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Type {
    Num,
    Bool,
    Text,
}

impl Type {
    fn name(self) -> &'static str {
        match self {
            Type::Num => "number",
            Type::Bool => "boolean",
            Type::Text => "string",
        }
    }
}

fn read(
    path: &Path,
    columns: Option<Vec<String>>,
    slice: Option<(usize, usize)>,
) -> Result<DataFrame> {
    if let Err(e) = std::fs::metadata(path) {
        return Err(Error::file(
            path,
            format!("{e}; `ask` reads the records a run writes with --records"),
        ));
    }
    let file = crate::presets::open_input(path)?;
    ParquetReader::new(file)
        .with_columns(columns)
        .with_slice(slice)
        .finish()
        .map_err(|e| Error::file(path, e))
}

impl Records {
    /// Opens `DIR/records.parquet` (or a parquet file given directly): its
    /// columns' names and types, and its length.
    pub fn open(path: &Path) -> Result<Records> {
        let path = if path.is_dir() {
            path.join("records.parquet")
        } else {
            path.to_path_buf()
        };
        let first = read(&path, None, Some((0, 1)))?;
        let mut names = Vec::new();
        let mut types = Vec::new();
        for column in first.columns() {
            let kind = match column.dtype() {
                DataType::Boolean => Type::Bool,
                DataType::String => Type::Text,
                dtype if dtype.is_primitive_numeric() => Type::Num,
                _ => continue,
            };
            names.push(column.name().to_string());
            types.push(kind);
        }
        let file = crate::presets::open_input(&path)?;
        let rows = ParquetReader::new(file)
            .num_rows()
            .map_err(|e| Error::file(&path, e))?;
        Ok(Records {
            path,
            frame: first.clear(),
            names,
            types,
            rows,
        })
    }

    /// Reads the values of `columns` (by name), and only those.
    fn load(&mut self, columns: &[String]) -> Result<()> {
        self.frame = read(&self.path, Some(columns.to_vec()), None)?;
        Ok(())
    }

    pub fn len(&self) -> usize {
        self.rows
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `game (number), went_out (string), ...`
    pub fn describe_columns(&self) -> String {
        self.names
            .iter()
            .zip(&self.types)
            .map(|(n, t)| format!("{n} ({})", t.name()))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn index(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    fn values(&self, index: usize) -> Result<Values> {
        let column = self
            .frame
            .column(&self.names[index])
            .map_err(|e| Error::new(ErrorKind::BadArgument(e.to_string())))?;
        let fail = |e: PolarsError| Error::new(ErrorKind::BadArgument(e.to_string()));
        Ok(match self.types[index] {
            Type::Num => {
                let floats = column.cast(&DataType::Float64).map_err(fail)?;
                Values::Num(
                    floats
                        .f64()
                        .map_err(fail)?
                        .iter()
                        .map(|v| v.unwrap_or(f64::NAN))
                        .collect(),
                )
            }
            Type::Bool => Values::Bool(
                column
                    .bool()
                    .map_err(fail)?
                    .iter()
                    .map(|v| v.unwrap_or(false))
                    .collect(),
            ),
            Type::Text => {
                let mut dictionary: Vec<String> = Vec::new();
                let mut codes_of: BTreeMap<String, u32> = BTreeMap::new();
                let codes = column
                    .str()
                    .map_err(fail)?
                    .iter()
                    .map(|v| {
                        let text = v.unwrap_or_default();
                        *codes_of.entry(text.to_string()).or_insert_with(|| {
                            dictionary.push(text.to_string());
                            (dictionary.len() - 1) as u32
                        })
                    })
                    .collect();
                Values::Text(codes, dictionary)
            }
        })
    }

    /// A column as a code per row and the text of each code, for grouping.
    fn codes(&self, name: &str) -> Result<(Vec<u32>, Vec<String>)> {
        let index = self.index(name).ok_or_else(|| {
            Error::new(ErrorKind::BadArgument(format!(
                "unknown column {name:?}; columns: {}",
                self.describe_columns()
            )))
        })?;
        Ok(match self.values(index)? {
            Values::Text(codes, dictionary) => (codes, dictionary),
            Values::Bool(v) => (
                v.iter().map(|&b| b as u32).collect(),
                vec!["false".into(), "true".into()],
            ),
            Values::Num(v) => {
                let mut seen: BTreeMap<u64, u32> = BTreeMap::new();
                let mut labels = Vec::new();
                let codes = v
                    .iter()
                    .map(|x| {
                        *seen.entry(x.to_bits()).or_insert_with(|| {
                            labels.push(format_number(*x));
                            (labels.len() - 1) as u32
                        })
                    })
                    .collect();
                (codes, labels)
            }
        })
    }
}

fn format_number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        x.to_string()
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Number(f64),
    Text(String),
    Name(String),
    Op(&'static str),
    Open,
    Close,
}

/// Tokens with their byte offsets in the expression.
fn tokenize(expression: &str) -> std::result::Result<Vec<(Token, usize)>, (String, usize)> {
    let bytes = expression.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i] as char;
        let start = i;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c.is_ascii_digit() || (c == '.' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)) {
            while i < bytes.len() && (bytes[i].is_ascii_digit() || bytes[i] == b'.') {
                i += 1;
            }
            let text = &expression[start..i];
            let value = text
                .parse()
                .map_err(|_| (format!("{text:?} is not a number"), start))?;
            tokens.push((Token::Number(value), start));
            continue;
        }
        if c.is_ascii_alphabetic() || c == '_' {
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            tokens.push((Token::Name(expression[start..i].to_string()), start));
            continue;
        }
        if c == '"' || c == '\'' {
            i += 1;
            while i < bytes.len() && bytes[i] as char != c {
                i += 1;
            }
            if i >= bytes.len() {
                return Err(("unclosed string".into(), start));
            }
            tokens.push((Token::Text(expression[start + 1..i].to_string()), start));
            i += 1;
            continue;
        }
        let two = expression.get(i..i + 2).unwrap_or("");
        let op = match two {
            "==" => Some("=="),
            "!=" => Some("!="),
            "<=" => Some("<="),
            ">=" => Some(">="),
            "&&" => Some("and"),
            "||" => Some("or"),
            _ => None,
        };
        if let Some(op) = op {
            tokens.push((Token::Op(op), start));
            i += 2;
            continue;
        }
        let token = match c {
            '(' => Token::Open,
            ')' => Token::Close,
            '<' => Token::Op("<"),
            '>' => Token::Op(">"),
            '=' => Token::Op("=="),
            '+' => Token::Op("+"),
            '-' => Token::Op("-"),
            '*' => Token::Op("*"),
            '/' => Token::Op("/"),
            '%' => Token::Op("%"),
            '!' => Token::Op("not"),
            other => return Err((format!("unexpected character {other:?}"), start)),
        };
        tokens.push((token, start));
        i += 1;
    }
    Ok(tokens)
}

/// A type-checked expression.
#[derive(Clone, Debug)]
enum Node {
    Number(f64),
    Bool(bool),
    /// A string literal, matched by text.
    Text(String),
    Column(usize, Type),
    Arith(&'static str, Box<Node>, Box<Node>),
    Negate(Box<Node>),
    Compare(&'static str, Box<Node>, Box<Node>),
    And(Box<Node>, Box<Node>),
    Or(Box<Node>, Box<Node>),
    Not(Box<Node>),
}

impl Node {
    fn kind(&self) -> Type {
        match self {
            Node::Number(_) | Node::Arith(..) | Node::Negate(_) => Type::Num,
            Node::Text(_) => Type::Text,
            Node::Column(_, t) => *t,
            Node::Bool(_) | Node::Compare(..) | Node::And(..) | Node::Or(..) | Node::Not(_) => {
                Type::Bool
            }
        }
    }

    fn columns(&self, out: &mut Vec<usize>) {
        match self {
            Node::Column(i, _) => out.push(*i),
            Node::Arith(_, a, b) | Node::Compare(_, a, b) | Node::And(a, b) | Node::Or(a, b) => {
                a.columns(out);
                b.columns(out);
            }
            Node::Negate(a) | Node::Not(a) => a.columns(out),
            Node::Number(_) | Node::Bool(_) | Node::Text(_) => {}
        }
    }
}

struct Parser<'a> {
    tokens: Vec<(Token, usize)>,
    at: usize,
    end: usize,
    records: &'a Records,
    /// Parentheses, `not` and `-` open around the token being read.
    depth: usize,
}

/// The deepest nesting of parentheses, `not` and `-` an expression may
/// have: each level is a recursion of the parser and of the evaluation,
/// and thousands would overflow the stack.
pub const MAX_NESTING: usize = 256;
/// The most tokens an expression may have: a chain of `and` or `+` is a
/// tree as deep as it is long.
pub const MAX_TOKENS: usize = 4096;

type Parsed = std::result::Result<Node, (String, usize)>;

impl Parser<'_> {
    /// One level deeper, or the error that names the limit.
    fn deeper(&mut self) -> std::result::Result<(), (String, usize)> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err((
                format!("nested more than {MAX_NESTING} deep (parentheses, not and -)"),
                self.position(),
            ));
        }
        Ok(())
    }

    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at).map(|(t, _)| t)
    }

    fn position(&self) -> usize {
        self.tokens.get(self.at).map_or(self.end, |(_, p)| *p)
    }

    fn is_op(&self, op: &str) -> bool {
        match self.peek() {
            Some(Token::Op(o)) => *o == op,
            Some(Token::Name(n)) => n == op && ["and", "or", "not"].contains(&op),
            _ => false,
        }
    }

    fn expect(&self, node: Node, kind: Type, at: usize, what: &str) -> Parsed {
        if node.kind() == kind {
            Ok(node)
        } else {
            Err((
                format!(
                    "{what} needs a {}, not a {}",
                    kind.name(),
                    node.kind().name()
                ),
                at,
            ))
        }
    }

    fn or(&mut self) -> Parsed {
        let at = self.position();
        let mut left = self.and()?;
        while self.is_op("or") {
            self.at += 1;
            let right_at = self.position();
            let right = self.and()?;
            left = Node::Or(
                Box::new(self.expect(left, Type::Bool, at, "or")?),
                Box::new(self.expect(right, Type::Bool, right_at, "or")?),
            );
        }
        Ok(left)
    }

    fn and(&mut self) -> Parsed {
        let at = self.position();
        let mut left = self.not()?;
        while self.is_op("and") {
            self.at += 1;
            let right_at = self.position();
            let right = self.not()?;
            left = Node::And(
                Box::new(self.expect(left, Type::Bool, at, "and")?),
                Box::new(self.expect(right, Type::Bool, right_at, "and")?),
            );
        }
        Ok(left)
    }

    fn not(&mut self) -> Parsed {
        if self.is_op("not") {
            self.at += 1;
            self.deeper()?;
            let at = self.position();
            let inner = self.not()?;
            self.depth -= 1;
            return Ok(Node::Not(Box::new(self.expect(
                inner,
                Type::Bool,
                at,
                "not",
            )?)));
        }
        self.comparison()
    }

    fn comparison(&mut self) -> Parsed {
        let at = self.position();
        let left = self.sum()?;
        let op = match self.peek() {
            Some(Token::Op(op)) if ["==", "!=", "<", "<=", ">", ">="].contains(op) => *op,
            _ => return Ok(left),
        };
        let op_at = self.position();
        self.at += 1;
        let right = self.sum()?;
        match (left.kind(), right.kind()) {
            (Type::Num, Type::Num) => {}
            (a, b) if a == b && (op == "==" || op == "!=") => {}
            (a, b) if a == b => {
                return Err((
                    format!("{op} compares numbers; {}s allow == and !=", a.name()),
                    op_at,
                ))
            }
            (a, b) => {
                return Err((
                    format!("cannot compare a {} with a {}", a.name(), b.name()),
                    at,
                ))
            }
        }
        Ok(Node::Compare(op, Box::new(left), Box::new(right)))
    }

    fn sum(&mut self) -> Parsed {
        let at = self.position();
        let mut left = self.product()?;
        while let Some(Token::Op(op @ ("+" | "-"))) = self.peek() {
            let op = *op;
            self.at += 1;
            let right_at = self.position();
            let right = self.product()?;
            left = Node::Arith(
                op,
                Box::new(self.expect(left, Type::Num, at, op)?),
                Box::new(self.expect(right, Type::Num, right_at, op)?),
            );
        }
        Ok(left)
    }

    fn product(&mut self) -> Parsed {
        let at = self.position();
        let mut left = self.unary()?;
        while let Some(Token::Op(op @ ("*" | "/" | "%"))) = self.peek() {
            let op = *op;
            self.at += 1;
            let right_at = self.position();
            let right = self.unary()?;
            left = Node::Arith(
                op,
                Box::new(self.expect(left, Type::Num, at, op)?),
                Box::new(self.expect(right, Type::Num, right_at, op)?),
            );
        }
        Ok(left)
    }

    fn unary(&mut self) -> Parsed {
        if self.is_op("-") {
            self.at += 1;
            self.deeper()?;
            let at = self.position();
            let inner = self.unary()?;
            self.depth -= 1;
            return Ok(Node::Negate(Box::new(self.expect(
                inner,
                Type::Num,
                at,
                "-",
            )?)));
        }
        self.atom()
    }

    fn atom(&mut self) -> Parsed {
        let at = self.position();
        let Some((token, _)) = self.tokens.get(self.at).cloned() else {
            return Err(("the expression ends too soon".into(), at));
        };
        self.at += 1;
        match token {
            Token::Number(v) => Ok(Node::Number(v)),
            Token::Text(s) => Ok(Node::Text(s)),
            Token::Name(name) => match name.as_str() {
                "true" => Ok(Node::Bool(true)),
                "false" => Ok(Node::Bool(false)),
                _ => match self.records.index(&name) {
                    Some(i) => Ok(Node::Column(i, self.records.types[i])),
                    None => Err((format!("unknown column {name:?}"), at)),
                },
            },
            Token::Open => {
                self.deeper()?;
                let inner = self.or()?;
                self.depth -= 1;
                match self.peek() {
                    Some(Token::Close) => {
                        self.at += 1;
                        Ok(inner)
                    }
                    _ => Err(("expected ) here".into(), self.position())),
                }
            }
            Token::Close => Err(("unexpected )".into(), at)),
            Token::Op(op) => Err((format!("unexpected {op}"), at)),
        }
    }
}

/// A compiled expression with the columns it reads.
pub struct Expression {
    node: Node,
    columns: Vec<(usize, Values)>,
}

impl Expression {
    /// Parses and type-checks `text` against the records' columns; an error
    /// shows the place and lists the columns with their types.
    pub fn compile(text: &str, records: &Records, want: Option<Type>) -> Result<Expression> {
        let located = |message: String, at: usize| {
            Error::new(ErrorKind::BadArgument(format!(
                "{message} at column {} of the expression\n  {text}\n  {}^\ncolumns: {}",
                at + 1,
                " ".repeat(text[..at.min(text.len())].chars().count()),
                records.describe_columns()
            )))
        };
        let tokens = tokenize(text).map_err(|(m, at)| located(m, at))?;
        if tokens.len() > MAX_TOKENS {
            return Err(located(
                format!(
                    "{} tokens; an expression has at most {MAX_TOKENS}",
                    tokens.len()
                ),
                tokens[MAX_TOKENS].1,
            ));
        }
        let mut parser = Parser {
            tokens,
            at: 0,
            end: text.len(),
            records,
            depth: 0,
        };
        let node = parser.or().map_err(|(m, at)| located(m, at))?;
        if parser.at < parser.tokens.len() {
            return Err(located("unexpected text".into(), parser.position()));
        }
        if let Some(want) = want {
            let fits = node.kind() == want || (want == Type::Num && node.kind() == Type::Bool);
            if !fits {
                return Err(located(
                    format!(
                        "the expression is a {}; a {} is needed here",
                        node.kind().name(),
                        want.name()
                    ),
                    0,
                ));
            }
        }
        Ok(Expression {
            node,
            columns: Vec::new(),
        })
    }

    /// The names of the columns the expression reads.
    fn column_names(&self, records: &Records) -> Vec<String> {
        let mut indices = Vec::new();
        self.node.columns(&mut indices);
        indices.iter().map(|&i| records.names[i].clone()).collect()
    }

    /// Reads the values of its columns, once they are loaded.
    fn bind(&mut self, records: &Records) -> Result<()> {
        let mut indices = Vec::new();
        self.node.columns(&mut indices);
        indices.sort();
        indices.dedup();
        self.columns = indices
            .into_iter()
            .map(|i| Ok((i, records.values(i)?)))
            .collect::<Result<_>>()?;
        Ok(())
    }

    fn column(&self, index: usize) -> &Values {
        &self
            .columns
            .iter()
            .find(|(i, _)| *i == index)
            .expect("compile reads every column it names")
            .1
    }

    fn number(&self, node: &Node, row: usize) -> f64 {
        match node {
            Node::Number(v) => *v,
            Node::Column(i, Type::Num) => match self.column(*i) {
                Values::Num(v) => v[row],
                _ => unreachable!(),
            },
            Node::Arith(op, a, b) => {
                let (a, b) = (self.number(a, row), self.number(b, row));
                match *op {
                    "+" => a + b,
                    "-" => a - b,
                    "*" => a * b,
                    "/" => a / b,
                    _ => a % b,
                }
            }
            Node::Negate(a) => -self.number(a, row),
            other => self.truth(other, row) as u8 as f64,
        }
    }

    fn text<'s>(&'s self, node: &'s Node, row: usize) -> &'s str {
        match node {
            Node::Text(s) => s,
            Node::Column(i, Type::Text) => match self.column(*i) {
                Values::Text(codes, dictionary) => &dictionary[codes[row] as usize],
                _ => unreachable!(),
            },
            _ => unreachable!("type-checked"),
        }
    }

    fn truth(&self, node: &Node, row: usize) -> bool {
        match node {
            Node::Bool(b) => *b,
            Node::Column(i, Type::Bool) => match self.column(*i) {
                Values::Bool(v) => v[row],
                _ => unreachable!(),
            },
            Node::And(a, b) => self.truth(a, row) && self.truth(b, row),
            Node::Or(a, b) => self.truth(a, row) || self.truth(b, row),
            Node::Not(a) => !self.truth(a, row),
            Node::Compare(op, a, b) => match a.kind() {
                Type::Num => {
                    let (a, b) = (self.number(a, row), self.number(b, row));
                    match *op {
                        "==" => a == b,
                        "!=" => a != b,
                        "<" => a < b,
                        "<=" => a <= b,
                        ">" => a > b,
                        _ => a >= b,
                    }
                }
                Type::Text => (self.text(a, row) == self.text(b, row)) == (*op == "=="),
                Type::Bool => (self.truth(a, row) == self.truth(b, row)) == (*op == "=="),
            },
            _ => unreachable!("type-checked"),
        }
    }

    pub fn holds(&self, row: usize) -> bool {
        self.truth(&self.node, row)
    }

    pub fn value(&self, row: usize) -> f64 {
        self.number(&self.node, row)
    }
}

/// Per-game sums of a group: a ratio estimate with the game as the unit.
#[derive(Clone, Copy, Debug, Default)]
struct Clustered {
    games: u64,
    rows: u64,
    y: f64,
    x: f64,
    yy: f64,
    xx: f64,
    xy: f64,
    /// The game being gathered.
    current: Option<(u64, f64, f64)>,
    /// Every game held one row: the plain proportion interval applies.
    one_row_games: bool,
}

impl Clustered {
    fn new() -> Clustered {
        Clustered {
            one_row_games: true,
            ..Clustered::default()
        }
    }

    fn add(&mut self, game: u64, y: f64, x: f64) {
        self.rows += 1;
        match &mut self.current {
            Some((g, gy, gx)) if *g == game => {
                *gy += y;
                *gx += x;
                self.one_row_games = false;
            }
            _ => {
                self.flush();
                self.current = Some((game, y, x));
            }
        }
    }

    fn flush(&mut self) {
        if let Some((_, y, x)) = self.current.take() {
            self.games += 1;
            self.y += y;
            self.x += x;
            self.yy += y * y;
            self.xx += x * x;
            self.xy += x * y;
        }
    }

    fn value(&self) -> f64 {
        self.y / self.x
    }

    /// The game-level interval; for a share (`proportion`) that matched
    /// no record or every record, Wilson's bound over the effective number
    /// of games, as the summary tables give (`SeriesSums::interval`).
    fn interval(&self, proportion: bool) -> (f64, f64) {
        let r = self.value();
        if self.games < 2 || self.x == 0.0 {
            return (f64::NAN, f64::NAN);
        }
        if proportion && (self.y == 0.0 || self.y == self.x) {
            let rare = crate::stats::no_event_bound(self.x * self.x / self.xx, CONFIDENCE);
            return if self.y == 0.0 {
                (0.0, rare)
            } else {
                (1.0 - rare, 1.0)
            };
        }
        let n = self.games as f64;
        let x_bar = self.x / n;
        let residual = (self.yy - 2.0 * r * self.xy + r * r * self.xx).max(0.0);
        let se = (residual / (n - 1.0) / n).sqrt() / x_bar;
        let t = t_quantile(self.games - 1, 0.5 + CONFIDENCE / 2.0);
        (r - t * se, r + t * se)
    }
}

/// The answer for one group.
pub struct Answer {
    pub group: Vec<String>,
    pub records: u64,
    pub games: u64,
    /// Records where the filter holds: counted (a proportion) or averaged
    /// over (a mean).
    pub matched: u64,
    pub value: f64,
    pub ci_low: f64,
    pub ci_high: f64,
    /// `record` or `game`: what the interval treats as independent.
    pub unit: &'static str,
}

/// Answers a question: the proportion of records where `filter` holds, or
/// (with `mean`) the mean of an expression over them, per group (the
/// `variant` column when there is one, then `by`).
pub fn ask(
    records: &mut Records,
    filter: Option<&str>,
    mean: Option<&str>,
    by: Option<&str>,
) -> Result<(Vec<String>, Vec<Answer>)> {
    let mut filter = filter
        .map(|f| Expression::compile(f, records, Some(Type::Bool)))
        .transpose()?;
    let mut mean = mean
        .map(|m| Expression::compile(m, records, Some(Type::Num)))
        .transpose()?;
    if filter.is_none() && mean.is_none() {
        return Err(Error::new(ErrorKind::BadArgument(
            "ask needs an expression to count, or --mean EXPR".into(),
        )));
    }
    if let Some(by) = by {
        if records.index(by).is_none() {
            return Err(Error::new(ErrorKind::BadArgument(format!(
                "unknown column {by:?} for --by; columns: {}",
                records.describe_columns()
            ))));
        }
    }
    // Only the columns the question names are read.
    let mut needed: Vec<String> = ["game", "variant"]
        .iter()
        .filter(|c| records.index(c).is_some())
        .map(|c| c.to_string())
        .chain(by.map(String::from))
        .chain(filter.iter().flat_map(|f| f.column_names(records)))
        .chain(mean.iter().flat_map(|m| m.column_names(records)))
        .collect();
    needed.sort();
    needed.dedup();
    records.load(&needed)?;
    for expression in filter.iter_mut().chain(mean.iter_mut()) {
        expression.bind(records)?;
    }
    let games: Vec<u64> = match records.index("game") {
        Some(i) => match records.values(i)? {
            Values::Num(v) => v.iter().map(|&g| g as u64).collect(),
            _ => (0..records.len() as u64).collect(),
        },
        None => (0..records.len() as u64).collect(),
    };
    let mut group_names = Vec::new();
    let mut keys: Vec<(Vec<u32>, Vec<String>)> = Vec::new();
    if records.index("variant").is_some() {
        group_names.push("variant".to_string());
        keys.push(records.codes("variant")?);
    }
    if let Some(by) = by {
        group_names.push(by.to_string());
        keys.push(records.codes(by)?);
    }
    // Groups by their codes: no text is built per row.
    let mut slots: std::collections::HashMap<[u32; 2], usize> = Default::default();
    let mut sums: Vec<([u32; 2], Clustered)> = Vec::new();
    for row in 0..records.len() {
        // Ctrl-C is honoured here too: millions of records take a while.
        if row % 65_536 == 0 {
            crate::cancel::check()?;
        }
        let mut key = [0u32; 2];
        for (slot, (codes, _)) in key.iter_mut().zip(&keys) {
            *slot = codes[row];
        }
        let holds = filter.as_ref().is_none_or(|f| f.holds(row));
        let (y, x) = match &mean {
            Some(m) if holds => (m.value(row), 1.0),
            Some(_) => (0.0, 0.0),
            None => (holds as u8 as f64, 1.0),
        };
        let slot = *slots.entry(key).or_insert_with(|| {
            sums.push((key, Clustered::new()));
            sums.len() - 1
        });
        sums[slot].1.add(games[row], y, x);
    }
    let groups = sums.into_iter().map(|(key, sums)| {
        let labels: Vec<String> = keys
            .iter()
            .zip(key)
            .map(|((_, names), code)| names[code as usize].clone())
            .collect();
        (labels, sums)
    });
    let mut answers: Vec<Answer> = groups
        .into_iter()
        .map(|(group, mut sums)| {
            sums.flush();
            let (ci_low, ci_high, unit) = if mean.is_none() && sums.one_row_games {
                let (low, high) = Rate::new(sums.y as u64, sums.x as u64).wilson(CONFIDENCE);
                (low, high, "record")
            } else {
                let (low, high) = sums.interval(mean.is_none());
                (low, high, "game")
            };
            Answer {
                group,
                records: sums.rows,
                games: sums.games,
                matched: if mean.is_some() { sums.x } else { sums.y } as u64,
                value: sums.value(),
                ci_low,
                ci_high,
                unit,
            }
        })
        .collect();
    answers.sort_by(|a, b| {
        a.group
            .iter()
            .zip(&b.group)
            .map(|(x, y)| match (x.parse::<f64>(), y.parse::<f64>()) {
                (Ok(x), Ok(y)) => x.total_cmp(&y),
                _ => x.cmp(y),
            })
            .find(|o| o.is_ne())
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    Ok((group_names, answers))
}

/// The answers as an aligned table.
pub fn format_answers(group_names: &[String], answers: &[Answer], is_mean: bool) -> String {
    let mut header: Vec<String> = group_names.to_vec();
    header.extend(
        [
            "records",
            if is_mean { "averaged" } else { "holds" },
            if is_mean { "mean" } else { "share" },
            "95% CI",
            "unit",
        ]
        .map(String::from),
    );
    let mut lines = vec![header];
    for a in answers {
        let mut line = a.group.clone();
        line.extend([
            a.records.to_string(),
            a.matched.to_string(),
            crate::output::number(a.value),
            crate::output::interval_text(a.ci_low, a.ci_high, crate::output::number),
            a.unit.to_string(),
        ]);
        lines.push(line);
    }
    crate::output::align(&lines, group_names.len())
}
