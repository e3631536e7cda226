package hub

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"strings"
)

// Client is one running engine process that speaks the protocol.
type Client struct {
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Reader
	Name string // as the engine gives it ("name Scan 2.0")
}

// Start starts the engine at path with args (run in dir, where Scan finds
// scan.ini and data/; "" for the current directory), introduces itself
// ("hub", "init") and waits until the engine is ready.
func Start(path string, args []string, dir string) (*Client, error) {
	cmd := exec.Command(path, args...)
	cmd.Dir = dir
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	e := &Client{cmd: cmd, in: in, out: bufio.NewReader(out)}
	if err := e.Send("hub"); err != nil {
		e.Close()
		return nil, err
	}
	for {
		l, err := e.Line()
		if err != nil {
			e.Close()
			return nil, fmt.Errorf("%s: no answer to hub: %v", path, err)
		}
		if n, ok := strings.CutPrefix(l, "name "); ok {
			e.Name = n
		}
		if l == "wait" {
			break
		}
	}
	if err := e.Send("init"); err != nil {
		e.Close()
		return nil, err
	}
	if _, err := e.Until("ready"); err != nil {
		e.Close()
		return nil, fmt.Errorf("%s: init: %v", path, err)
	}
	return e, nil
}

// Send writes lines to the engine.
func (e *Client) Send(lines ...string) error {
	_, err := io.WriteString(e.in, strings.Join(lines, "\n")+"\n")
	return err
}

// Line reads the engine's next line.
func (e *Client) Line() (string, error) {
	l, err := e.out.ReadString('\n')
	if err != nil {
		return "", err
	}
	return strings.TrimRight(l, "\r\n"), nil
}

// Until reads lines up to one equal to end (or, with a trailing space,
// starting with it) and returns the lines before it and that line last.
func (e *Client) Until(end string) ([]string, error) {
	var ls []string
	for {
		l, err := e.Line()
		if err != nil {
			return ls, err
		}
		ls = append(ls, l)
		if l == end || (strings.HasSuffix(end, " ") && strings.HasPrefix(l, end)) {
			return ls, nil
		}
	}
}

// Close asks the engine to quit and waits for it to end.
func (e *Client) Close() {
	e.Send("quit")
	e.in.Close()
	e.cmd.Wait()
}

// Kill ends the engine at once (a match's engine that broke the rules or
// hung).
func (e *Client) Kill() {
	e.cmd.Process.Kill()
	e.in.Close()
	e.cmd.Wait()
}
