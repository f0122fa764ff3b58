pragma solidity ^0.4.24;

// 0.4 dialect: call.value()(), .gas(), throw, constant functions, events without emit.
contract LegacyBank {
    mapping(address => uint256) public balances;
    uint256 public counter;
    bool public locked;
    event Withdrawn(address who, uint256 amount);

    function deposit() public payable {
        balances[msg.sender] += msg.value;
    }

    function withdraw(uint256 amount) public {
        require(balances[msg.sender] >= amount);
        if (!msg.sender.call.value(amount)()) throw; // @expect reentrancy:reentrancy
        balances[msg.sender] -= amount;
    }

    function withdrawWithGas(uint256 amount) public {
        if (balances[msg.sender] < amount) throw;
        bool ok = msg.sender.call.gas(50000).value(amount)(); // @expect reentrancy:reentrancy
        require(ok);
        balances[msg.sender] = balances[msg.sender] - amount;
    }

    // The write happens only through an internal helper, after the call.
    function withdrawViaHelper() public {
        uint256 amount = balances[msg.sender];
        require(msg.sender.call.value(amount)()); // @expect reentrancy:reentrancy
        clear(msg.sender);
    }

    function clear(address who) internal {
        delete balances[who];
    }

    // Only an event follows the call.
    function notify(address target) public {
        require(target.call()); // @expect reentrancy:event
        Withdrawn(target, 0);
    }

    // Effects before the interaction.
    function withdrawSafely() public {
        uint256 amount = balances[msg.sender];
        balances[msg.sender] = 0;
        require(msg.sender.call.value(amount)());
    }

    // send and transfer forward 2,300 gas: too little to re-enter and write.
    function pay(uint256 amount) public {
        require(balances[msg.sender] >= amount);
        msg.sender.transfer(amount);
        balances[msg.sender] -= amount;
    }

    // The write is on the other branch: no path runs it after the call.
    function branchy(uint256 amount, bool early) public {
        if (early) {
            counter += 1;
        } else {
            require(msg.sender.call.value(amount)());
        }
    }

    // Lock flag set before and cleared after the call.
    function guarded(uint256 amount) public {
        require(!locked);
        locked = true;
        require(msg.sender.call.value(amount)());
        locked = false;
    }

    function total() public constant returns (uint256) {
        return counter;
    }
}
