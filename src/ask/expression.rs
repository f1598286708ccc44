//! An expression over the record columns (comparisons, `and`/`or`/`not`,
//! parentheses, arithmetic, string and boolean literals), parsed by hand
//! with limits on its size and nesting, type-checked once against the
//! columns, and evaluated row by row.

use super::records::{Records, Type, Values};
use crate::error::{Error, ErrorKind, Result};

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
    pub(super) fn column_names(&self, records: &Records) -> Vec<String> {
        let mut indices = Vec::new();
        self.node.columns(&mut indices);
        indices.iter().map(|&i| records.names[i].clone()).collect()
    }

    /// Reads the values of its columns, once they are loaded.
    pub(super) fn bind(&mut self, records: &Records) -> Result<()> {
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
