package hooks

import (
	"time"

	"github.com/remnant-guard/remnant-guard/hooks/agents"
)

// AgentHook answers one hook payload of agent. A problem of the payload
// itself is an *agents.InputError; any error means that the agent must not
// be blocked.
func AgentHook(agent agents.Agent, payload []byte, now time.Time, masker *Masker) (agents.Answer, error) {
	p, err := agents.ParsePayload(payload)
	if err != nil {
		return agents.Answer{}, err
	}
	m, err := agent.MomentOf(p.Event)
	if err != nil {
		return agents.Answer{}, err
	}
	ans := agents.Answer{Event: p.Event, Moment: m}
	switch m {
	case agents.MomentWrite:
		ans.Action, ans.Text, err = afterWrite(agent, p, now, masker)
	case agents.MomentStart:
		ans.Action, ans.Text, err = sessionStart(agent, p, now, masker)
	case agents.MomentStop:
		ans.Action, ans.Text, err = stopGate(p, now, masker)
	}
	return ans, err
}
