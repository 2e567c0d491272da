// Registered by the agentTwin() plugin for every test file of the project.
