from tutor.ui.deal_review import render

render()
