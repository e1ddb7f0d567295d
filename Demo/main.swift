print("flow-demo")
